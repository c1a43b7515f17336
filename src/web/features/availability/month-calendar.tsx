import { ChevronLeft, ChevronRight, Truck } from 'lucide-react';
import { Link } from 'wouter';
import { AVAILABILITY_LABELS, WEEKDAY_LABELS } from '#core/rules/availability.js';
import { Button } from '#web/ui/button.js';
import { cn } from '#web/ui/cn.js';
import { useCalendar } from './api.js';
import { byDay, formatLongDay, monthGrid, monthLabel, shiftMonth, type DayView } from './calendar-model.js';
import { STATUS_LOOK, StatusChip } from './status.js';

/** The words a screen reader hears for a day's button. */
export function dayLabel(view: DayView, today: string) {
  const parts = [formatLongDay(view.date)];
  if (view.date === today) parts.push('aujourd’hui');
  parts.push(view.day ? AVAILABILITY_LABELS[view.day.status] : 'non renseigné');
  if (view.day?.status === 'busy' && view.day.startTime)
    parts.push(`de ${view.day.startTime} à ${view.day.endTime}`);
  if (view.missions.length > 0)
    parts.push(`${view.missions.length} mission${view.missions.length > 1 ? 's' : ''}`);
  return parts.join(', ');
}

export function MissionLink({ mission }: { mission: DayView['missions'][number] }) {
  return (
    <Link
      href={`/mission/${mission.id}`}
      className="user-text flex min-w-0 items-center gap-1 rounded-md bg-surface-sunken px-1.5 py-0.5 text-xs font-semibold hover:underline"
    >
      <Truck className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
      <span className="truncate">{mission.title}</span>
    </Link>
  );
}

/** Desktop: a month, Monday first, each day coloured by its status, with its missions; a day opens its editor. */
export function MonthCalendar({
  month,
  onMonthChange,
  today,
  onPick,
}: {
  month: string;
  onMonthChange: (month: string) => void;
  today: string;
  onPick: (view: DayView) => void;
}) {
  const grid = monthGrid(month);
  const calendar = useCalendar(grid.from, grid.to);
  const view = byDay(calendar.data);
  const serverToday = calendar.data?.today ?? today;
  return (
    <section aria-labelledby="mois" className="rounded-2xl border border-line bg-surface-raised p-4">
      <div className="mb-3 flex items-center justify-between gap-2">
        <Button variant="ghost" size="sm" onClick={() => onMonthChange(shiftMonth(month, -1))}>
          <ChevronLeft className="h-4 w-4" aria-hidden="true" /> Mois précédent
        </Button>
        <h2 id="mois" className="text-lg font-bold" aria-live="polite">
          {monthLabel(month)}
        </h2>
        <Button variant="ghost" size="sm" onClick={() => onMonthChange(shiftMonth(month, 1))}>
          Mois suivant <ChevronRight className="h-4 w-4" aria-hidden="true" />
        </Button>
      </div>
      <table className="w-full table-fixed border-separate border-spacing-1">
        <thead>
          <tr>
            {WEEKDAY_LABELS.map((label) => (
              <th key={label} scope="col" className="pb-1 text-center text-xs font-semibold text-ink-muted">
                <abbr title={label} className="no-underline">
                  {label.slice(0, 3)}.
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {grid.weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((date) => {
                const day = view(date);
                const outside = !date.startsWith(month);
                const past = date < serverToday;
                return (
                  <td
                    key={date}
                    className={cn(
                      'h-24 rounded-lg border align-top',
                      day.day ? STATUS_LOOK[day.day.status].cell : 'border-dashed border-line',
                      date === serverToday && 'ring-2 ring-accent',
                    )}
                  >
                    <div className="flex h-full flex-col gap-1 p-1">
                      <button
                        type="button"
                        disabled={past}
                        aria-label={dayLabel(day, serverToday)}
                        onClick={() => onPick(day)}
                        className="flex min-h-11 flex-col items-start gap-1 rounded-md p-1 text-left hover:bg-surface-sunken disabled:cursor-default disabled:hover:bg-transparent"
                      >
                        <span
                          className={cn(
                            'text-sm font-bold',
                            (outside || past) && 'font-normal text-ink-muted',
                            date === serverToday && 'rounded-full bg-accent px-1.5 text-accent-ink',
                          )}
                        >
                          {Number(date.slice(8))}
                        </span>
                        {day.day && <StatusChip day={day.day} compact inTintedCell />}
                      </button>
                      {day.missions.map((mission) => (
                        <MissionLink key={mission.id} mission={mission} />
                      ))}
                    </div>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
