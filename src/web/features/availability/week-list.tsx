import { ChevronLeft, ChevronRight, Pencil } from 'lucide-react';
import { Button } from '#web/ui/button.js';
import { cn } from '#web/ui/cn.js';
import { useCalendar } from './api.js';
import { byDay, formatLongDay, weekRange, type DayView } from './calendar-model.js';
import { dayLabel, MissionLink } from './month-calendar.js';
import { STATUS_LOOK, StatusChip } from './status.js';
import { addDays } from '#core/rules/days.js';

/** Phone: one week as a list, a day per row with its status, note and missions, and "Modifier". */
export function WeekList({
  monday,
  onWeekChange,
  today,
  onPick,
}: {
  monday: string;
  onWeekChange: (monday: string) => void;
  today: string;
  onPick: (view: DayView) => void;
}) {
  const sunday = addDays(monday, 6);
  const calendar = useCalendar(monday, sunday);
  const view = byDay(calendar.data);
  const serverToday = calendar.data?.today ?? today;
  return (
    <section aria-labelledby="semaine" className="rounded-2xl border border-line bg-surface-raised p-3">
      <div className="mb-2 flex items-center justify-between gap-1">
        <Button
          variant="ghost"
          size="sm"
          className="min-h-11 min-w-11"
          aria-label="Semaine précédente"
          onClick={() => onWeekChange(addDays(monday, -7))}
        >
          <ChevronLeft className="h-5 w-5" aria-hidden="true" />
        </Button>
        <h2 id="semaine" className="text-center font-bold" aria-live="polite">
          {weekRange(monday, sunday)}
        </h2>
        <Button
          variant="ghost"
          size="sm"
          className="min-h-11 min-w-11"
          aria-label="Semaine suivante"
          onClick={() => onWeekChange(addDays(monday, 7))}
        >
          <ChevronRight className="h-5 w-5" aria-hidden="true" />
        </Button>
      </div>
      <ul className="space-y-2">
        {Array.from({ length: 7 }, (_, index) => view(addDays(monday, index))).map((day) => {
          const past = day.date < serverToday;
          return (
            <li
              key={day.date}
              className={cn(
                'rounded-xl border p-3',
                day.day ? STATUS_LOOK[day.day.status].cell : 'border-dashed border-line',
                day.date === serverToday && 'ring-2 ring-accent',
              )}
            >
              <div className="flex items-start justify-between gap-2">
                <div className="min-w-0 space-y-1">
                  <p className={cn('font-semibold', past && 'text-ink-muted')}>
                    {formatLongDay(day.date)}
                    {day.date === serverToday && (
                      <span className="ml-2 whitespace-nowrap text-sm text-accent">Aujourd’hui</span>
                    )}
                  </p>
                  {day.day ? (
                    <StatusChip day={day.day} inTintedCell />
                  ) : (
                    <p className="text-sm text-ink-muted">Non renseigné</p>
                  )}
                  {day.day?.notes && <p className="user-text text-sm text-ink-muted">{day.day.notes}</p>}
                </div>
                {!past && (
                  <Button
                    variant="secondary"
                    size="sm"
                    className="min-h-11 shrink-0"
                    aria-label={`Modifier : ${dayLabel(day, serverToday)}`}
                    onClick={() => onPick(day)}
                  >
                    <Pencil className="h-4 w-4" aria-hidden="true" /> Modifier
                  </Button>
                )}
              </div>
              {day.missions.length > 0 && (
                <div className="mt-2 flex flex-col gap-1">
                  {day.missions.map((mission) => (
                    <MissionLink key={mission.id} mission={mission} />
                  ))}
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
