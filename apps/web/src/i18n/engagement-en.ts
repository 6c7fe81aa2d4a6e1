import type { engagementZh } from './engagement-zh';

/** Texts of the engagement score: the alumni record's tab, the dashboard widget and the weights dialog. */
export const engagementEn: typeof engagementZh = {
  tab: 'Engagement',
  total: 'Engagement score',
  computed: 'Computed at {{time}}',
  notComputed: 'Not computed yet',
  mode: 'Mode',
  fact: 'Counted fact',
  rule: 'What counts',
  count: 'Count',
  weight: 'Weight',
  points: 'Points',
  explainNote: 'Score = the sum of each fact\'s count × its weight; the four modes follow the CASE Alumni Engagement Metrics.',
  widget: 'Alumni engagement',
  engagedShare: 'Engaged alumni',
  engaged: 'Engaged',
  alumni: 'Alumni',
  byMode: 'By mode',
  byClassYear: 'By entry year',
  byCollege: 'By college',
  trend: 'Engaged share by month',
  weights: 'Weights',
  weightsTitle: 'Engagement weights',
  saveWeights: 'Save and recompute',
  defaultWeight: 'Default {{weight}}',
};
