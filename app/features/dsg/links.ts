/**
 * The filtered lists the head row's figures (and the digest's sections) open. The list pages read
 * these query strings (issue 10): activities due for review, assessments open, breaches open,
 * requests due within 7 days and overdue.
 */
export const HEAD_LINKS = {
  activitiesDue: '/app/dsg/processing?due=yes',
  dpiasOpen: '/app/dsg/dpia?open=yes',
  breachesOpen: '/app/dsg/breaches?state=open',
  requestsDueSoon: '/app/dsg/requests?due=soon',
  requestsOverdue: '/app/dsg/requests?due=overdue',
} as const
