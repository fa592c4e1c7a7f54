/** The reminders before a risk acceptance lapses (issue 27): a stand-in until the acceptance area sends them. */
export async function runAcceptanceReminders(_now: Date = new Date()): Promise<number> {
  return 0
}
