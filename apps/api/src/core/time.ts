/** Date-times as the protocol writes them: `yyyy-MM-dd HH:mm:ss` in the configured time zone. */
let zone = 'Asia/Shanghai';
let formatter = makeFormatter(zone);
/** The current second, formatted once (writes stamp many rows a second). */
let lastSecond = -1;
let lastStamp = '';

function makeFormatter(timeZone: string) {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone, year: 'numeric', month: '2-digit', day: '2-digit',
    hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
  });
}

export function setTimeZone(timeZone: string): void {
  zone = timeZone;
  formatter = makeFormatter(timeZone);
  lastSecond = -1;
}

export function formatDateTime(date: Date): string {
  const p = Object.fromEntries(formatter.formatToParts(date).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

export const now = (): string => {
  const second = Math.floor(Date.now() / 1000);
  if (second !== lastSecond) {
    lastStamp = formatDateTime(new Date(second * 1000));
    lastSecond = second;
  }
  return lastStamp;
};

/** The instant a zoned `yyyy-MM-dd HH:mm:ss` stands for. */
export function parseDateTime(text: string): Date {
  const asUtc = new Date(`${text.replace(' ', 'T')}Z`);
  const shown = new Date(`${formatDateTime(asUtc).replace(' ', 'T')}Z`);
  return new Date(asUtc.getTime() - (shown.getTime() - asUtc.getTime()));
}

export const currentZone = () => zone;
