import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { aliases } from './scripts/aliases.js';
import { cspSafeCompositor } from './scripts/cspSafeCompositor';

/** Heavy libraries get their own chunks so a page downloads only what it uses (a 2D board never fetches three). */
const chunkGroups: Record<string, RegExp> = {
  react: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/,
  i18n: /node_modules[\\/](i18next|react-i18next)[\\/]/,
  // Small libraries both bundles use: claimed before antd, whose group would otherwise pull them (and the wall would download antd).
  common: /node_modules[\\/](dayjs|js-cookie|mobx|mobx-react-lite|axios|socket\.io-client|engine\.io-client|socket\.io-parser|@socket\.io|zod)[\\/]/,
  antd: /node_modules[\\/](antd|@ant-design|rc-[^\\/]+|@rc-component)[\\/]/,
  three: /node_modules[\\/](three|@react-three)[\\/]/,
};

export default defineConfig({
  plugins: [react(), cspSafeCompositor()],
  resolve: { alias: aliases },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      input: {
        console: resolve(import.meta.dirname, 'console/index.html'),
        kiosk: resolve(import.meta.dirname, 'kiosk/index.html'),
      },
      output: {
        // Rolldown's chunk groups (manualChunks would pull react into whichever group imports it first,
        // making the kiosk download antd). Earlier entries win, so react is claimed before antd.
        codeSplitting: {
          groups: Object.entries(chunkGroups).map(([name, test], index, all) => ({ name, test, priority: all.length - index })),
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/socket.io': { target: 'ws://127.0.0.1:8080', ws: true },
    },
  },
});
