/**
 * echarts-gl 2 ships no type declarations. The bar-3d widget imports its installers (echarts `use()`
 * extensions) from these entry points; the options it passes are plain echarts option objects.
 */
declare module 'echarts-gl';
declare module 'echarts-gl/charts' {
  type Installer = (registers: unknown) => void;
  export const Bar3DChart: Installer;
}
declare module 'echarts-gl/components' {
  type Installer = (registers: unknown) => void;
  export const Grid3DComponent: Installer;
}
