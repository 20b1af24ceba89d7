/** The five steps of the holiday post, as the infographic and the video show them. */
export const HOLIDAY_STEPS: readonly { title: string; detail: [string, string] }[] = [
  {
    title: 'Clarify the seasonal role\u2019s outcomes',
    detail: ['Decide what this person must achieve by', 'January, not just which tasks they cover.'],
  },
  {
    title: 'Write the expectations as observable actions',
    detail: ['\u201cGreets every customer within 30 seconds\u201d', 'beats \u201cgood with people.\u201d'],
  },
  {
    title: 'Start recruiting 8 weeks before the rush',
    detail: ['The best seasonal people commit early.', 'Post, screen and offer before November.'],
  },
  {
    title: 'Onboard in the first shift with a buddy',
    detail: ['Pair each new hire with a steady colleague', 'who shows them the job, not just the manual.'],
  },
  {
    title: 'Keep in touch with great seasonal staff for next year',
    detail: ['Thank them, ask what would bring them back,', 'and invite them first next season.'],
  },
];
