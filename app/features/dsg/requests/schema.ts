import { z } from 'zod'
import { checkbox, dateField, M, optionalString, requiredString, versionField } from '#app/utils/validation.ts'
import { DSG_REQUEST_KINDS } from '#models/core/constants.ts'
import { todayInZurich } from '#models/core/dates.ts'
import { CLOSING_STATES } from './options.ts'

/** A day that has come: receipt, told on, answered on (the service checks again with the server's today). */
const pastDateField = () => dateField().refine((d) => d <= todayInZurich(), 'dsg:requests.error.future')

export const requestSchema = z.object({
  kind: z.enum(DSG_REQUEST_KINDS, { error: M.required }),
  receivedOn: pastDateField(),
  requesterName: requiredString(200),
  requesterReference: optionalString(100),
  identityChecked: checkbox(),
  note: optionalString(2000),
  version: versionField().optional(),
})

export const extendSchema = z.object({
  to: dateField(),
  reason: requiredString(1000),
  toldOn: pastDateField(),
  /** Required (by the service) only for a deadline more than 60 days after the receipt. */
  confirmLong: checkbox(),
  version: versionField(),
})

export const answerSchema = z.object({
  answeredOn: pastDateField(),
  how: requiredString(500),
  healthProfessional: optionalString(200),
  version: versionField(),
})

export const closeSchema = z.object({
  state: z.enum(CLOSING_STATES, { error: M.required }),
  on: pastDateField(),
  reason: requiredString(1000),
  version: versionField(),
})
