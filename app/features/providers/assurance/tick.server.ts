/** This year's assurance reviews planned for the providers that require one, and the reminders when due (issue 28). Placeholder. */
export async function runAssuranceTick(_now: Date = new Date()): Promise<{ planned: number; reminders: number }> {
  return { planned: 0, reminders: 0 }
}
