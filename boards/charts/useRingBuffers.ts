import { useRef } from 'react';
import { RingBuffer } from './ringBuffer';

/**
 * One ring buffer per key (a meter id) for as long as the widget is mounted with the same shape; a key
 * that leaves the list drops its buffer, and a new shape (window, points) or resetKey (the metric) starts
 * every buffer afresh.
 * The buffers live in a ref, not in MobX state: filling them must not trigger renders of its own.
 */
export function useRingBuffers(keys: readonly number[], capacity: number, minSpacingMs: number, resetKey = ''): Map<number, RingBuffer> {
  const held = useRef<{ shape: string; buffers: Map<number, RingBuffer> } | null>(null);
  const shape = `${capacity}:${minSpacingMs}:${resetKey}`;
  if (!held.current || held.current.shape !== shape) held.current = { shape, buffers: new Map() };
  const { buffers } = held.current;
  for (const key of buffers.keys()) if (!keys.includes(key)) buffers.delete(key);
  for (const key of keys) if (!buffers.has(key)) buffers.set(key, new RingBuffer(capacity, minSpacingMs));
  return buffers;
}
