/** Findings past their deadline while open or in progress: the council's contact and the admins are told once per deadline (issue 28). Placeholder. */
export async function runFindingEscalations(_now: Date = new Date()): Promise<number> {
  return 0
}
