import { t, type Text } from '../text.js';
import { addressRangeProblem } from './address-range.js';
import { EMAIL_MSG, emailProblem } from './email.js';
import { ID_CARD_MSG, isIdCard } from './id-card.js';
import { MOBILE_MSG, isMobile } from './mobile.js';
import { TELEPHONE_MSG, isTelephone } from './telephone.js';

/** The shared validators a text field may declare (`check`): the same on the server and in every form. */
export type TextCheck = 'mobile' | 'email' | 'idCard' | 'telephone' | 'addressRange' | 'color';

export const COLOR_MSG = t('颜色应为 #RRGGBB 形式', 'A colour is written #RRGGBB');

/** What is wrong with a non-empty value under a check, or undefined when it passes. */
export function checkProblem(check: TextCheck, value: string): Text | undefined {
  switch (check) {
    case 'mobile':
      return isMobile(value) ? undefined : MOBILE_MSG.invalid;
    case 'email': {
      const problem = emailProblem(value);
      return problem ? EMAIL_MSG[problem] : undefined;
    }
    case 'idCard':
      return isIdCard(value) ? undefined : ID_CARD_MSG;
    case 'telephone':
      return isTelephone(value) ? undefined : TELEPHONE_MSG;
    case 'addressRange':
      return addressRangeProblem(value);
    case 'color':
      return /^#[0-9a-fA-F]{6}$/.test(value) ? undefined : COLOR_MSG;
  }
}
