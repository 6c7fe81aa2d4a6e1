import type { R } from '@alumni/domain';
import { http } from '../../api/http';

type Params = Record<string, string | number | undefined>;

/** PUT of an enveloped answer (the activity's enable and draw calls); resolves with its `data`. */
export const putData = <T>(url: string, params?: Params): Promise<T> => http.put<R<T>>(url, undefined, { params }).then((r) => r.data.data);

export interface WinnerRow { applicationId: string; applyNo?: string; name: string; phone?: string; prizeLevel: string; prizeName: string; drawRank: number }
export interface DrawAnswer { drawTime: string; poolSize: number; seed: string; winners: WinnerRow[] }
export interface VerifyAnswer { seed: string; orderAgrees: boolean; winnersAgree: boolean; pool: string[]; repeatedOrder: string[] }

/** The confirm info of an application (DOMAIN 6.2). */
export interface ConfirmInfo {
  application: { id: string; applyNo: string; name: string; phone: string | null; companions: number; applyStatus: number; paymentStatus: number; feeAmount: string | null; signIn: number; signInTime: string | null; isWinner: number; prizeName: string | null };
  activity: { id: string; title: string; startTime: string; endTime: string; location: string | null; capacity: number; seatsTaken: number; seatsLeft: number | null; fee: string; needConfirm: number; phase: string };
  alumni: { id: string; alumniCode: string; name: string; departmentName: string | null; firstEnrollmentYear: number | null } | null;
  samePhoneApplications: { id: string; applyNo: string; applyStatus: number }[];
  canConfirm: boolean;
  reason: string | null;
  checkInCode: string | null;
}

export const ACTIVITY_BASE = '/blade-activity/activity';
export const APPLIST_BASE = '/blade-actApplist/actApplist';
