import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { observable, runInAction, type IObservableValue } from 'mobx';
import type { AnyWidgetDescriptor, WidgetProps } from '../widgetDescriptor';

export type RendererStatus = 'loading' | 'ready' | 'failed';

export interface CachedRenderer {
  Component: LazyExoticComponent<ComponentType<WidgetProps<Record<string, unknown>>>>;
  /** Observable, so a tile shows "loading" until the chunk arrived. */
  status: IObservableValue<RendererStatus>;
}

/** One lazy component per widget type: 50 KPI tiles download and evaluate the KPI chunk once. */
const cache = new Map<string, CachedRenderer>();

export function rendererFor(descriptor: AnyWidgetDescriptor): CachedRenderer {
  const cached = cache.get(descriptor.id);
  if (cached) return cached;
  const status = observable.box<RendererStatus>('loading');
  const Component = lazy(async () => {
    try {
      const module = await descriptor.load();
      runInAction(() => status.set('ready'));
      return module as { default: ComponentType<WidgetProps<Record<string, unknown>>> };
    } catch (error) {
      runInAction(() => status.set('failed'));
      throw error;
    }
  });
  const entry = { Component, status };
  cache.set(descriptor.id, entry);
  return entry;
}

/** React.lazy keeps a rejected import forever: forget it so the next retry downloads again. */
export function forgetFailedRenderer(descriptor: AnyWidgetDescriptor): void {
  if (cache.get(descriptor.id)?.status.get() === 'failed') cache.delete(descriptor.id);
}
