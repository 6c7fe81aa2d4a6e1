import { t, type Text } from './text.js';

/** The four modes of the CASE Alumni Engagement Metrics (decision 314). */
export type EngagementMode = 'volunteer' | 'experiential' | 'philanthropic' | 'communication';

export const ENGAGEMENT_MODES: readonly EngagementMode[] = ['volunteer', 'experiential', 'philanthropic', 'communication'];

export const ENGAGEMENT_MODE_LABELS: Readonly<Record<EngagementMode, Text>> = {
  volunteer: t('志愿参与', 'Volunteer'),
  experiential: t('活动参与', 'Experiential'),
  philanthropic: t('捐赠参与', 'Philanthropic'),
  communication: t('沟通互动', 'Communication'),
};

/** One kind of fact the product records about an alumnus that counts towards a mode. */
export interface EngagementFact {
  key: string;
  mode: EngagementMode;
  label: Text;
  /** What is counted, as the explanation says it. */
  rule: Text;
  /** Points per counted fact until the tenant sets its own. */
  weight: number;
}

/** Every fact counted, in the order the explanation lists them. */
export const ENGAGEMENT_FACTS = [
  { key: 'associationOfficer', mode: 'volunteer', weight: 10, label: t('校友会任职', 'Association office'),
    rule: t('在册校友会成员中担任会员以外的职务', 'An active association membership with a position other than member') },
  { key: 'associationMember', mode: 'volunteer', weight: 3, label: t('校友会会员', 'Association membership'),
    rule: t('在册的校友会会员', 'An active association membership as a member') },
  { key: 'careDuty', mode: 'volunteer', weight: 5, label: t('关怀志愿服务', 'Care duty'),
    rule: t('已确认报名关怀名单所关联的关怀活动', 'A confirmed application to a care activity named by a care-list entry') },
  { key: 'activityApplication', mode: 'experiential', weight: 2, label: t('活动报名', 'Activity application'),
    rule: t('已确认的活动报名', 'A confirmed activity application') },
  { key: 'activityCheckIn', mode: 'experiential', weight: 3, label: t('活动签到', 'Activity check-in'),
    rule: t('已签到的活动报名', 'An activity application checked in') },
  { key: 'visit', mode: 'experiential', weight: 3, label: t('接受走访', 'Visit received'),
    rule: t('已通过的走访记录中的被访校友', 'Named among the alumni of an approved visit record') },
  { key: 'gift', mode: 'philanthropic', weight: 10, label: t('近5年捐赠', 'Gift in the last 5 years'),
    rule: t('近5年内已到账的捐赠', 'A gift received in the last five years') },
  { key: 'emailRead', mode: 'communication', weight: 1, label: t('邮件阅读', 'E-mail read'),
    rule: t('已阅读的通知邮件', 'A notice e-mail opened') },
  { key: 'emailClick', mode: 'communication', weight: 2, label: t('邮件点击', 'E-mail click'),
    rule: t('点击过链接的通知邮件', 'A notice e-mail whose link was followed') },
  { key: 'surveyAnswer', mode: 'communication', weight: 3, label: t('问卷作答', 'Survey answer'),
    rule: t('提交的问卷答卷', 'A survey answer submitted') },
  { key: 'message', mode: 'communication', weight: 2, label: t('留言', 'Message'),
    rule: t('校友留言', 'A message left by the alumnus') },
  { key: 'portalSignIn', mode: 'communication', weight: 1, label: t('门户登录', 'Portal sign-in'),
    rule: t('登录校友门户', 'A sign-in to the alumni portal') },
] as const satisfies readonly EngagementFact[];

export type EngagementFactKey = (typeof ENGAGEMENT_FACTS)[number]['key'];

/** The highest weight a tenant may give a fact. */
export const ENGAGEMENT_WEIGHT_MAX = 100;

/** A tenant's weights, one per fact (points per counted fact, whole numbers 0–100). */
export type EngagementWeights = Record<EngagementFactKey, number>;

export const DEFAULT_ENGAGEMENT_WEIGHTS = Object.fromEntries(ENGAGEMENT_FACTS.map((f) => [f.key, f.weight])) as EngagementWeights;

/** One line of an alumnus's explanation: a fact, how many were counted, its weight and the points. */
export interface EngagementLine { key: EngagementFactKey; mode: EngagementMode; label: string; rule: string; count: number; weight: number; points: number }

/** How an alumnus's score was reached (`/blade-basicInfo/basicInfo/engagement`). */
export interface EngagementExplanation {
  alumniId: string;
  total: number;
  modes: { mode: EngagementMode; label: string; points: number }[];
  lines: EngagementLine[];
  /** When the stored score was last computed; null when nothing has been counted yet. */
  computeTime: string | null;
}

/** The dashboard's engagement figures: engaged shares of the alumni within the caller's reach. */
export interface EngagementKpis {
  alumni: number;
  engaged: number;
  byMode: { mode: EngagementMode; label: string; engaged: number }[];
  byClassYear: { key: string; label: string; alumni: number; engaged: number }[];
  byCollege: { key: string; label: string; alumni: number; engaged: number }[];
  /** Month by month (yyyy-MM) as the daily recomputation recorded it. */
  trend: { month: string; alumni: number; engaged: number }[];
}

export const ENGAGEMENT_MSG = {
  badWeight: t('{label}的权重应为0到{max}之间的整数', 'The weight of {label} must be a whole number from 0 to {max}'),
  unknownWeight: t('没有名为{key}的参与度项目', 'There is no engagement fact named {key}'),
  queued: t('已开始重新计算全部校友的参与度', 'The engagement of every alumnus is being recomputed'),
} as const;
