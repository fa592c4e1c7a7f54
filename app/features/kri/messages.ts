/** The area's messages (keys of the `kri` namespace), shared by the services and the forms. */
export const KRI_MESSAGES = {
  value: 'kri:messages.value',
  periodEnd: 'kri:messages.periodEnd',
  future: 'kri:messages.future',
  computed: 'kri:messages.computed',
  duplicate: 'kri:messages.duplicate',
  bound: 'kri:messages.bound',
  boundsOrder: 'kri:messages.boundsOrder',
  laterDay: 'kri:messages.laterDay',
  alreadyChosen: 'kri:messages.alreadyChosen',
  catalog: 'kri:messages.catalog',
  risk: 'kri:messages.risk',
  approvedInFuture: 'kri:messages.approvedInFuture',
  scoreLimit: 'kri:messages.scoreLimit',
  nothingChosen: 'kri:messages.nothingChosen',
  nothingEntered: 'kri:messages.nothingEntered',
} as const
