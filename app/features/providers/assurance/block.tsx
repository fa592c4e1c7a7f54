import type { AssuranceInfo } from './state.server.ts'

/** The provider's yearly assurance on its page (the review as a control execution). */
export function AssuranceBlock(_props: { providerId: string; assurance: AssuranceInfo | undefined; canPlan: boolean }) {
  return null
}
