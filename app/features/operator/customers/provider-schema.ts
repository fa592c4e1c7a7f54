import { z } from 'zod'
import { parseDomains, parseIssuer } from '#app/features/sign-in-provider/face.ts'
import { checkbox, M, optionalString, requiredString, versionField } from '#app/utils/validation.ts'

/** The issuer: https, or http on a loopback host only. */
const issuerField = () => requiredString(500).refine((v) => parseIssuer(v) !== null, 'sadmin:provider.issuerInvalid')

/** A fund's provider (docs/decisions/0038): the secret is write-only, left blank it stays as saved. */
export const schema = z.object({
  intent: z.enum(['save', 'test', 'delete']).default('save'),
  issuer: issuerField(),
  clientId: requiredString(300),
  clientSecret: optionalString(2000),
  allowedDomains: requiredString(4000)
    .refine((v) => parseDomains(v) !== null, 'sadmin:provider.domainsInvalid')
    .transform((v) => parseDomains(v) ?? [])
    .refine((v) => v.length > 0 && v.length <= 50, M.required),
  enabled: checkbox(),
  version: versionField().optional(),
})

/** "Test connection" and "Delete" read only these. */
export const testSchema = z.object({ intent: z.literal('test'), issuer: issuerField() })
export const deleteSchema = z.object({ intent: z.literal('delete'), version: versionField() })
