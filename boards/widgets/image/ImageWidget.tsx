import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '../../widgetDescriptor';
import type { ImageOptions } from './options';
import { isPictureUrl } from '@shared/schemas/pictureUrl';

/** The picture at the tile's size; an unchecked URL (an older document) is never loaded. */
function ImageWidget({ options, width, height, scale, title }: WidgetProps<ImageOptions>) {
  const { t } = useTranslation();
  if (!options.url || !isPictureUrl(options.url)) {
    return (
      <div
        data-testid="image-none"
        style={{ width, height, display: 'flex', alignItems: 'center', justifyContent: 'center', fontSize: 16 * scale, opacity: 0.6 }}
      >
        {t('liveWidgets.image.none')}
      </div>
    );
  }
  return (
    <img data-testid="image-picture" src={options.url} alt={title} draggable={false} style={{ width, height, objectFit: options.fit, display: 'block' }} />
  );
}

export default observer(ImageWidget);
