/**
 * The size expressions of echarts-gl's post-effect pipeline (claygl's compositor): `width * dpr / 4`,
 * `[width * 1.0 / 2, height / 2]`. claygl compiles them with `new Function`, which the pages' policy
 * (no 'unsafe-eval') refuses; the build (scripts/cspSafeCompositor.ts) hands them to this instead.
 * Grammar: an arithmetic expression (numbers, width, height, dpr, + - * /, parentheses, unary minus),
 * or a flat list of them in brackets. Anything else throws, as claygl's own parse does.
 */
export type SizeFunction = (width: number, height: number, dpr: number) => number | number[];

type Node = (width: number, height: number, dpr: number) => number;

const NAMES: Record<string, Node> = {
  width: (width) => width,
  height: (_width, height) => height,
  dpr: (_width, _height, dpr) => dpr,
};

/** Numbers, names and single-character operators with their offsets. */
function tokenize(source: string): { text: string; at: number }[] {
  const tokens: { text: string; at: number }[] = [];
  const pattern = /\s*(?:(\d+(?:\.\d*)?|\.\d+)|([A-Za-z_$][\w$]*)|(\S))/gy;
  for (let match = pattern.exec(source); match && match[0] !== ''; match = pattern.exec(source)) {
    const text = match[1] ?? match[2] ?? match[3] ?? '';
    tokens.push({ text, at: match.index + match[0].length - text.length });
  }
  return tokens;
}

export function compileSizeExpression(source: string): SizeFunction {
  const tokens = tokenize(source);
  let position = 0;
  const fail = (): never => {
    const token = tokens[position];
    throw new Error(token ? `Invalid expression: unexpected "${token.text}" at ${token.at}` : 'Invalid expression: unexpected end');
  };
  const peek = () => tokens[position]?.text;
  const take = (text: string) => (peek() === text ? (position++, true) : false);

  const primary = (): Node => {
    const token = tokens[position];
    if (!token) return fail();
    if (take('(')) {
      const inner = sum();
      if (!take(')')) fail();
      return inner;
    }
    if (take('-')) {
      const operand = primary();
      return (w, h, d) => -operand(w, h, d);
    }
    if (/^[\d.]/.test(token.text)) {
      position++;
      const value = Number(token.text);
      return () => value;
    }
    if (/^[A-Za-z_$]/.test(token.text)) {
      const name = NAMES[token.text];
      if (!name) throw new Error(`Invalid expression: unknown name "${token.text}"`);
      position++;
      return name;
    }
    return fail();
  };
  const product = (): Node => {
    let left = primary();
    for (let op = peek(); op === '*' || op === '/'; op = peek()) {
      position++;
      const [a, b] = [left, primary()];
      left = op === '*' ? (w, h, d) => a(w, h, d) * b(w, h, d) : (w, h, d) => a(w, h, d) / b(w, h, d);
    }
    return left;
  };
  function sum(): Node {
    let left = product();
    for (let op = peek(); op === '+' || op === '-'; op = peek()) {
      position++;
      const [a, b] = [left, product()];
      left = op === '+' ? (w, h, d) => a(w, h, d) + b(w, h, d) : (w, h, d) => a(w, h, d) - b(w, h, d);
    }
    return left;
  }

  let compiled: SizeFunction;
  if (take('[')) {
    const items = [sum()];
    while (take(',')) items.push(sum());
    if (!take(']')) fail();
    compiled = (w, h, d) => items.map((item) => item(w, h, d));
  } else {
    const single = sum();
    compiled = single;
  }
  if (position < tokens.length) fail();
  return compiled;
}
