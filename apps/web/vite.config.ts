import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const domainSource = fileURLToPath(new URL('../../packages/domain/src/index.ts', import.meta.url));

// react-router's package resolves to its development build under every bundler condition.
const routerProduction = fileURLToPath(new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url));

export default defineConfig(({ mode }) => ({
  plugins: [react()],
  resolve: {
    alias: {
      '@alumni/domain': domainSource,
      ...(mode === 'production' ? { 'react-router': routerProduction } : {}),
    },
  },
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:18080', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      // The rc-component packages (antd's building blocks) are pure but do not say so; without this
      // hint the sign-in page would carry antd's whole form engine through the modal it never opens.
      treeshake: {
        moduleSideEffects: [{ test: /node_modules[\\/]@rc-component[\\/]/, sideEffects: false }],
      },
      output: {
        // The framework every screen needs sits in one long-cached chunk; everything else follows
        // the lazy routes, so /login never downloads the layout, tables or entity pages.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 2,
            },
          ],
        },
      },
    },
  },
}));
