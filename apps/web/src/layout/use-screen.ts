import { useEffect, useState } from 'react';
import { appConfig } from '../config';

/** The screen class of a window width: 3 from 1200, 2 from 992, 1 from 768, else 0 (a phone). */
export function screenOf(width: number): 0 | 1 | 2 | 3 {
  const [small, medium, large] = appConfig.breakpoints;
  if (width >= large) return 3;
  if (width >= medium) return 2;
  if (width >= small) return 1;
  return 0;
}

export function useScreen(): 0 | 1 | 2 | 3 {
  const [screen, setScreen] = useState(() => screenOf(window.innerWidth));
  useEffect(() => {
    const onResize = () => setScreen(screenOf(window.innerWidth));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return screen;
}
