interface WidgetMessageProps {
  width: number;
  height: number;
  scale: number;
  colour: string;
  text: string;
}

/** One centred, translated line instead of figures (no data yet, no tariff): never a blank tile. */
export function WidgetMessage({ width, height, scale, colour, text }: WidgetMessageProps) {
  return (
    <div
      data-testid="tariff-widget-message"
      style={{
        width,
        height,
        boxSizing: 'border-box',
        padding: 8 * scale,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        color: colour,
        fontSize: Math.max(8, Math.min(14 * scale, height / 3)),
        overflow: 'hidden',
      }}
    >
      {text}
    </div>
  );
}
