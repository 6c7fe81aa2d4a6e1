import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const domainSource = fileURLToPath(new URL('../../packages/domain/src/index.ts', import.meta.url));

// react-router's package resolves to its development build under every bundler condition.
const routerProduction = fileURLToPath(new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url));

export default defineConfig(({ mode, isSsrBuild }) => ({
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
      // Two entries: the staff application (index.html) and the alumni portal (portal.html, served at
      // /portal), which shares nothing with the staff application but React itself.
      ...(isSsrBuild ? {} : { input: { main: `${webRoot}index.html`, portal: `${webRoot}portal.html` } }),
      // The rc-component packages (antd's building blocks) are pure but do not say so; without this
      // hint the sign-in page would carry antd's whole form engine through the modal it never opens.
      treeshake: {
        moduleSideEffects: [{ test: /node_modules[\\/]@rc-component[\\/]/, sideEffects: false }],
      },
      output: {
        // The framework every screen needs sits in long-cached chunks; everything else follows
        // the lazy routes, so /login never downloads the layout, tables or entity pages. React is a
        // chunk of its own, apart from the router, so the portal (which routes without it) loads it alone.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              priority: 3,
            },
            {
              name: 'framework',
              test: /node_modules[\\/]react-router[\\/]/,
              priority: 2,
            },
          ],
        },
      },
    },
  },
}));
