import { CanvasTexture, LinearFilter, SRGBColorSpace, Sprite, SpriteMaterial } from 'three';

/** Canvas size of a label: fixed, so redrawing never reallocates GPU memory (texts are fitted into it). */
const LABEL_WIDTH = 640;
const LINE_HEIGHT = 56;
const PADDING = 14;

/**
 * A text label in the scene: a sprite facing the camera with its own canvas texture. Redrawn in place
 * when its text changes; `dispose()` frees the texture and material (the scene calls it on unmount).
 * Texts are drawn with fillText: plain text, never markup.
 */
let nextLabelId = 1;

export class LabelSprite {
  /** React key: a new label mounts a new primitive instead of swapping the object under an old key. */
  readonly id = nextLabelId++;
  readonly sprite: Sprite;
  private readonly canvas: HTMLCanvasElement;
  private readonly texture: CanvasTexture;
  private readonly material: SpriteMaterial;
  private drawn = '';
  /** Width over height of the painted box (the canvas is wider than short texts): what can cover another label. */
  boxAspect = 1;

  constructor(private readonly lineCount: 1 | 2) {
    this.canvas = document.createElement('canvas');
    this.canvas.width = LABEL_WIDTH;
    this.canvas.height = lineCount * LINE_HEIGHT + 2 * PADDING;
    this.texture = new CanvasTexture(this.canvas);
    this.texture.colorSpace = SRGBColorSpace;
    this.texture.minFilter = LinearFilter;
    this.texture.generateMipmaps = false;
    // Labels stay readable through the translucent walls and on top of the meters.
    this.material = new SpriteMaterial({ map: this.texture, transparent: true, depthTest: false, depthWrite: false });
    this.sprite = new Sprite(this.material);
    this.sprite.renderOrder = 10;
    this.sprite.center.set(0.5, 0);
  }

  /** Draws the lines (the first bold) with an accent bar; no-op when nothing changed. */
  draw(lines: readonly string[], accent: string, worldHeight: number): void {
    const key = `${lines.join('\n')}|${accent}`;
    if (key !== this.drawn) {
      this.drawn = key;
      const context = this.canvas.getContext('2d');
      if (context) this.paint(context, lines, accent);
      this.texture.needsUpdate = true;
    }
    this.sprite.scale.set((worldHeight * this.canvas.width) / this.canvas.height, worldHeight, 1);
  }

  private paint(context: CanvasRenderingContext2D, lines: readonly string[], accent: string): void {
    const { width, height } = this.canvas;
    context.clearRect(0, 0, width, height);
    const fonts = lines.slice(0, this.lineCount).map((line, index) => {
      let size = index === 0 ? 40 : 34;
      const weight = index === 0 ? '600' : '400';
      // Shrink long names until they fit; the canvas never grows.
      for (; size > 16; size -= 2) {
        context.font = `${weight} ${size}px system-ui, sans-serif`;
        if (context.measureText(line).width <= width - 2 * PADDING - 18) break;
      }
      return { line, font: `${weight} ${size}px system-ui, sans-serif` };
    });
    const textWidth = Math.max(...fonts.map(({ line, font }) => ((context.font = font), context.measureText(line).width)));
    const boxWidth = Math.min(width, textWidth + 2 * PADDING + 18);
    const left = (width - boxWidth) / 2;
    this.boxAspect = boxWidth / height;
    context.fillStyle = 'rgba(9, 13, 22, 0.82)';
    context.beginPath();
    context.roundRect(left, 0, boxWidth, height, 12);
    context.fill();
    context.fillStyle = accent;
    context.fillRect(left, 0, 8, height);
    context.textBaseline = 'middle';
    fonts.forEach(({ line, font }, index) => {
      context.font = font;
      context.fillStyle = index === 0 ? '#f2f5fa' : '#b9c3d3';
      context.fillText(line, left + PADDING + 12, PADDING + LINE_HEIGHT * (index + 0.5), boxWidth - 2 * PADDING - 12);
    });
  }

  dispose(): void {
    this.texture.dispose();
    this.material.dispose();
  }
}
