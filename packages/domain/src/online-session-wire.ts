/** One live staff session as the page 在线用户 reads it (`/blade-system/online-user/list`). */
export interface OnlineSessionView {
  /** The session's id: every token of one sign-in carries it (`sid`). */
  id: string;
  tenantId: string;
  tenantName: string | null;
  userId: string;
  account: string;
  realName: string | null;
  clientId: string;
  /** The client address the sign-in came from. */
  address: string | null;
  userAgent: string | null;
  loginTime: string;
  /** The last use of a token of the session, written at most once a minute (decision 287). */
  lastActiveTime: string;
  /** When the session ends unless refreshed again (its refresh token's expiry). */
  expireTime: string;
  /** The session the caller's own token belongs to. */
  current: boolean;
}
