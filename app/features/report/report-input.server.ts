import { isLocale, type Locale } from '#app/i18n/config.ts'
import { throwDomainError } from '#app/utils/domain-errors.server.ts'
import type { CustomerAccess } from '#models/core/access.ts'
import { readLogo } from '#models/core/customer-logo.server.ts'
import { withCustomer } from '#models/core/scope.server.ts'
import { decisionNumber } from '#models/core/record-number.ts'
import { Reports } from './reports.server.ts'

/** ?lang=de|fr|en, else the fund's own language. */
export function reportLanguage(request: Request, access: CustomerAccess): Locale {
  const lang = new URL(request.url).searchParams.get('lang')
  return isLocale(lang) ? lang : access.customer.language
}

/**
 * What the report and the pack are made of: the snapshot with its fund, the previous snapshot, the
 * latest approval, the logo. An unknown or foreign snapshot is 404, no right 403 (a bare status).
 */
export async function reportInput(access: CustomerAccess, id: string, request: Request) {
  try {
    const [{ snapshot, previous }, logo] = await Promise.all([Reports.for(access).report(id), withCustomer(access, (tx) => readLogo(tx, access.customer.id))])
    return {
      snapshot: { fund: access.customer.name, reportingDate: snapshot.reportingDate, frozenAt: snapshot.frozenAt, content: snapshot.content },
      previous,
      approval: snapshot.approval
        ? {
            approvedOn: snapshot.approval.approvedOn,
            names: snapshot.approval.names,
            decisionLine: snapshot.approval.decision
              ? `${decisionNumber(snapshot.approval.decision.number)} · ${snapshot.approval.decision.reference} · ${snapshot.approval.decision.title}`
              : null,
          }
        : null,
      logo: logo?.content ?? null,
    }
  } catch (error) {
    return throwDomainError(error, request)
  }
}
