/** Every response, success or failure, travels in this envelope (code 0 = success). */
export interface Envelope<T = unknown> {
  code: number;
  data: T;
  message: string;
}

/** One rejected field: where it is and which rule it broke. */
export interface FieldIssue {
  field: string;
  rule: string;
  message: string;
}

export function ok<T>(data: T, message = 'ok'): Envelope<T> {
  return { code: 0, data, message };
}
