import { observer } from 'mobx-react-lite';
import type { WidgetProps } from '../../widgetDescriptor';
import type { TextOptions } from './options';

/** Design pixels between the text and its tile's edges. */
export const TEXT_INSET = 12;

/** The text as a React text node (escaped, never HTML), its font size in design pixels times the wall's scale. */
function TextWidget({ options, width, height, scale }: WidgetProps<TextOptions>) {
  const Tag = options.variant === 'heading' ? 'h2' : 'p';
  return (
    // Inset like the other tiles' content, so a heading does not touch its tile's border.
    <div
      style={{
        width,
        height,
        overflow: 'hidden',
        display: 'flex',
        alignItems: options.variant === 'heading' ? 'center' : 'flex-start',
        boxSizing: 'border-box',
        padding: `0 ${TEXT_INSET * scale}px`,
      }}
    >
      <Tag
        data-testid="text-widget"
        style={{
          margin: 0,
          width: '100%',
          fontSize: options.fontSize * scale,
          fontWeight: options.variant === 'heading' ? 600 : 400,
          lineHeight: 1.3,
          textAlign: options.align,
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          ...(options.color ? { color: options.color } : {}),
        }}
      >
        {options.text}
      </Tag>
    </div>
  );
}

export default observer(TextWidget);
