/**
 * SMS for what cannot wait (decision 051): which alerts may become an SMS, the member's quiet hours and daily cap,
 * and the text itself — short, French, one segment when it can be, with a link into the app and how to stop.
 */

/** What may be sent by SMS. `direct_offer`: the hook for direct offers, which do not exist yet. */
export const SMS_KINDS = ['incident', 'mission_starting', 'urgent_mission', 'direct_offer'] as const;
export type SmsKind = (typeof SMS_KINDS)[number];

/** Sent even during the member's quiet hours: the truck is stopped, or the mission starts within 2 h. */
const URGENT_KINDS: ReadonlySet<SmsKind> = new Set(['incident', 'mission_starting']);
export const isUrgentSms = (kind: SmsKind) => URGENT_KINDS.has(kind);

/** A mission assigned, not started, whose start is this close: its driver is reminded (alert, push, SMS). */
export const MISSION_STARTING_WINDOW_MS = 2 * 60 * 60 * 1000;

/** The member's daily cap: their choice between 1 and the server's maximum. */
export const SMS_DAILY_CAP_MIN = 1;
export const SMS_DAILY_CAP_MAX = 10;
export const DEFAULT_SMS_DAILY_CAP = 5;
/** Quiet hours, Europe/Paris, whole hours: from `start` (included) to `end` (excluded). Equal: none. */
export const DEFAULT_QUIET_START = 21;
export const DEFAULT_QUIET_END = 7;

const TIME_ZONE = 'Europe/Paris';
const hourFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  hour: '2-digit',
  hourCycle: 'h23',
});

/** The hour (0–23) in Paris at `at`. */
function parisHour(at: Date): number {
  return Number(hourFormat.formatToParts(at).find((part) => part.type === 'hour')!.value) % 24;
}

/** Whether `at` falls in the quiet hours [start, end) (across midnight when start > end). */
export function isQuietHour(at: Date, start: number, end: number): boolean {
  if (start === end) return false;
  const hour = parisHour(at);
  return start < end ? hour >= start && hour < end : hour >= start || hour < end;
}

/** "21 h – 7 h", as the settings say it. */
export const quietHoursText = (start: number, end: number) =>
  start === end ? 'aucune' : `de ${start} h à ${end} h`;

/** A French mobile (06, 07) or any foreign number in E.164: a landline cannot receive an SMS. */
export function isMobileNumber(e164: string): boolean {
  if (e164.startsWith('+33')) return /^\+33[67]\d{8}$/.test(e164);
  return /^\+[1-9]\d{8,14}$/.test(e164);
}

// GSM 03.38: the basic set (one septet each) and its extension (two septets each).
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENDED = '^{}\\[~]|€';

/** French typography the GSM alphabet lacks, in its nearest GSM form (so the SMS stays 160 characters long). */
const TO_GSM: Record<string, string> = {
  '’': "'",
  '‘': "'",
  '«': '"',
  '»': '"',
  '“': '"',
  '”': '"',
  '\u00a0': ' ',
  '\u202f': ' ',
  '–': '-',
  '—': '-',
  '…': '...',
  '→': '>',
  â: 'a',
  ê: 'e',
  ë: 'e',
  î: 'i',
  ï: 'i',
  ô: 'o',
  û: 'u',
  ç: 'c',
  œ: 'oe',
  Œ: 'OE',
  À: 'A',
  È: 'E',
  Ê: 'E',
  Ô: 'O',
};

export function toGsm(text: string): string {
  return [...text].map((char) => TO_GSM[char] ?? char).join('');
}

const isGsm = (text: string) => [...text].every((c) => GSM_BASIC.includes(c) || GSM_EXTENDED.includes(c));
const septets = (text: string) => [...text].reduce((n, c) => n + (GSM_EXTENDED.includes(c) ? 2 : 1), 0);

/** How many segments (billed SMS) a text takes: 160/153 GSM characters, or 70/67 in Unicode. */
export function smsSegments(text: string): { segments: number; unicode: boolean } {
  if (isGsm(text)) {
    const length = septets(text);
    return { segments: length <= 160 ? 1 : Math.ceil(length / 153), unicode: false };
  }
  const length = [...text].length;
  return { segments: length <= 70 ? 1 : Math.ceil(length / 67), unicode: true };
}

/** Every SMS says how to stop. */
const SMS_STOP_MENTION = 'STOP SMS: repondez STOP';

/**
 * The SMS: « Relais: <what> <link> STOP SMS: repondez STOP », in GSM characters, the summary shortened so that the
 * whole stays one segment (160) when the link allows it.
 */
export function smsText(summary: string, link: string): string {
  const tail = ` ${link} ${SMS_STOP_MENTION}`;
  const head = 'Relais: ';
  const room = 160 - septets(toGsm(head + tail));
  let body = toGsm(summary.replace(/\s+/g, ' ').trim());
  if (room > 3 && septets(body) > room) {
    while (septets(body) > room - 3) body = body.slice(0, -1);
    body = `${body.trimEnd()}...`;
  }
  return head + body + tail;
}
