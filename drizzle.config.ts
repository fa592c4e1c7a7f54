import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'postgresql',
  schema: './models/schema/index.ts',
  out: './models/migrations',
})
