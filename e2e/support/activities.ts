import type { APIRequestContext } from '@playwright/test';
import { staff } from './portal';

/** A moment some minutes from now as the server writes it (Asia/Shanghai, `yyyy-MM-dd HH:mm:00`). */
export const at = (minutes: number): string =>
  `${new Date(Date.now() + minutes * 60_000).toLocaleString('sv-SE', { timeZone: 'Asia/Shanghai' }).slice(0, 16)}:00`;

/**
 * A published activity of the demo school with sign-up, open since an hour ago: it starts `startIn`
 * minutes from now and ends `endIn`, sign-up closes at `signupEndIn`. Answers its id.
 */
export async function publishedActivity(request: APIRequestContext, token: string, activity: {
  title: string; startIn: number; endIn: number; signupEndIn: number; capacity: number; needConfirm: 0 | 1; content: string;
}): Promise<string> {
  const saved = (await staff(request, token, 'POST', '/blade-activity/activity/submit', {
    title: activity.title, activityType: '3', departmentId: '1900000000000010001', startTime: at(activity.startIn), endTime: at(activity.endIn),
    location: '大礼堂', needSignup: 1, signupStartTime: at(-60), signupEndTime: at(activity.signupEndIn), capacity: activity.capacity,
    needConfirm: activity.needConfirm, allowCompanion: 0, maxCompanions: 0, targetScope: '1', content: activity.content,
    contactName: '王老师', contactPhone: '010-62780001',
  })).data as Record<string, unknown>;
  const id = String(saved.id);
  await staff(request, token, 'PUT', `/blade-activity/activity/enabled?id=${id}&enabled=1`);
  return id;
}
