import type { CustomerAccess } from '#models/core/access.ts'
import type { Tx } from '#models/core/db.server.ts'

/** What values outside the appetite set off (status, proposed measures, the owner's mail, underfunding). */
export async function afterKriValues(_tx: Tx, _access: CustomerAccess, _valueIds: string[]): Promise<void> {}
