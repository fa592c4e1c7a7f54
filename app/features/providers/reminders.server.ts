/** Contract end and notice dates announced ahead (issue 28). Placeholder: sends nothing yet. */
export async function runContractReminders(_now: Date = new Date()): Promise<number> {
  return 0
}
