import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { TokenAnswer } from '../api/auth';
import { persistIn } from './persist-options';

export interface SessionUser {
  userId: string;
  tenantId: string;
  account: string;
  userName: string;
  nickName: string;
  realName: string;
  roleId: string;
  roleName: string;
  deptId: string;
  avatar: string;
}

interface SessionState {
  token: string;
  refreshToken: string;
  tenantId: string;
  user: SessionUser | null;
  /** When the token was issued, epoch ms; its age decides the refresh. */
  tokenTime: number;
  /** The password was reset: only the change-password screen opens until it is changed (decision 237). */
  mustChangePassword: boolean;
  signIn: (answer: TokenAnswer) => void;
  clear: () => void;
}

const empty = { token: '', refreshToken: '', tenantId: '', user: null, tokenTime: 0, mustChangePassword: false };

const userOf = (a: TokenAnswer): SessionUser => ({
  userId: a.user_id,
  tenantId: a.tenant_id,
  account: a.account,
  userName: a.user_name,
  nickName: a.nick_name ?? '',
  realName: a.real_name ?? '',
  roleId: a.role_id,
  roleName: a.role_name ?? '',
  deptId: a.dept_id ?? '',
  avatar: a.avatar ?? '',
});

export const useSessionStore = create<SessionState>()(
  persist(
    (set) => ({
      ...empty,
      signIn: (a) => set({
        token: a.access_token,
        refreshToken: a.refresh_token,
        tenantId: a.tenant_id,
        user: userOf(a),
        tokenTime: Date.now(),
        mustChangePassword: a.must_change_password === true,
      }),
      clear: () => set(empty),
    }),
    persistIn<SessionState>('session', 'local', ({ token, refreshToken, tenantId, user, tokenTime, mustChangePassword }) =>
      ({ token, refreshToken, tenantId, user, tokenTime, mustChangePassword })),
  ),
);

export const hasToken = (): boolean => useSessionStore.getState().token !== '';
