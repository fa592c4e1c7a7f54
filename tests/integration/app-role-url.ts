import { inject } from 'vitest'

/** The connection string of the application role (as the app connects) to `database` of the test server. */
export function appRoleUrl(database: string): string {
  const url = new URL(inject('adminUrl'))
  url.pathname = `/${database}`
  url.username = inject('appRole').name
  url.password = inject('appRole').password
  return url.toString()
}
