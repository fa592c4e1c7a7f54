export * from './enums.ts'
export * from './users.ts'
export * from './audit.ts'
export * from './mail.ts'
