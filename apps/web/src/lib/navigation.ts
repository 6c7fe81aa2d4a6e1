/** Lets code outside the router (the HTTP layer) navigate; the router registers itself here. */
type Navigate = (to: string) => void;

let navigateFn: Navigate = (to) => window.location.assign(to);

export const setNavigate = (fn: Navigate): void => {
  navigateFn = fn;
};

export const navigateTo = (to: string): void => navigateFn(to);
