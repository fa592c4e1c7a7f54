// The factories moved to tests/factories/; this path stays for the test files that import it.
export * from './factories/index.ts'
