import { postData } from '../../api/http';
import { TransportError } from '../../api/xhr';

export const CHECK_IN_BASE = '/blade-actApplist/checkIn';

export interface CheckInCounts { checkedIn: number; confirmed: number; seatsTaken: number; capacity: number }
export interface CheckInActivity { id: string; title: string; startTime: string; endTime: string; location: string | null; capacity: number }
export interface CheckInAnswer {
  outcome: 'checkedIn' | 'already';
  signInTime: string;
  application: { id: string; applyNo: string; name: string; companions: number; activityId: string };
  activity: { id: string; title: string };
  counts: CheckInCounts;
}
/** A scan the desk took: sent at once, or kept while the network is away and sent after. */
export interface Scan { scanId: string; activityId: string; token?: string; checkInCode?: string; takenAt: string }

const KEY = 'alumni.checkInQueue';

/** An id for a scan, unique enough to tell two scans apart (works without a secure context too). */
export const newScanId = (): string => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

export function queued(): Scan[] {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) ?? '[]') as Scan[];
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

const save = (list: Scan[]) => localStorage.setItem(KEY, JSON.stringify(list));
export const enqueue = (scan: Scan) => save([...queued().filter((s) => s.scanId !== scan.scanId), scan]);
const drop = (scanId: string) => save(queued().filter((s) => s.scanId !== scanId));

/** Whether an error means the call did not get through (the scan stays queued), not a refusal. */
export const isNetworkLoss = (error: unknown): boolean => error instanceof TransportError && error.reason !== 'status';

export type SendResult = { scan: Scan; answer: CheckInAnswer } | { scan: Scan; refused: string } | { scan: Scan; offline: true };

/**
 * Sends one scan. The server answers a scan id it has seen as it did the first time, so a scan sent
 * twice (the answer lost on the way back) checks in once. A refusal drops the scan; a network loss keeps it.
 */
export async function send(scan: Scan): Promise<SendResult> {
  enqueue(scan);
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return { scan, offline: true };
  try {
    const { takenAt: _takenAt, ...body } = scan;
    const answer = await postData<CheckInAnswer>(`${CHECK_IN_BASE}/scan`, body);
    drop(scan.scanId);
    return { scan, answer };
  } catch (error) {
    if (isNetworkLoss(error)) return { scan, offline: true };
    drop(scan.scanId);
    return { scan, refused: error instanceof Error ? error.message : String(error) };
  }
}

/** Sends every queued scan in the order taken; stops at the first network loss. */
export async function flush(onResult: (result: SendResult) => void): Promise<number> {
  for (const scan of queued()) {
    const result = await send(scan);
    if ('offline' in result) break;
    onResult(result);
  }
  return queued().length;
}
