/** The fields job alerts gained in issue 26, all unset: an alert as it was before deadlines. */
export const withoutDeadline = {
  last_date: null,
  selection_mode: null,
  gate_year: null,
  eligibility: null,
  posts: null,
  notification_url: null,
  organisation: null,
  job_location: null,
};
