import { useState } from 'react';
import { roleOf } from '#core/rules/roles.js';
import { useSession } from '#web/lib/session.js';
import { PageHeader } from '#web/ui/empty-state.js';
import { parisToday } from '#core/rules/days.js';
import { mondayOf } from '#core/rules/days.js';
import type { DayView } from './calendar-model.js';
import { DayEditor } from './day-editor.js';
import { DeclaredDrivingCard } from './declared-driving-card.js';
import { DriverSearch } from './driver-search.js';
import { IcsCard } from './ics-card.js';
import { MonthCalendar } from './month-calendar.js';
import { HolidaysForm, PatternForm } from './pattern-forms.js';
import { Legend } from './status.js';
import { VisibilityCard } from './visibility-card.js';
import { WeekList } from './week-list.js';

/** Drivers: the month (desktop) or the week (phone), the day editor, the weekly pattern, holidays, sharing. */
function DriverAvailability() {
  const [today] = useState(parisToday);
  const [month, setMonth] = useState(() => today.slice(0, 7));
  const [monday, setMonday] = useState(() => mondayOf(today));
  const [editing, setEditing] = useState<DayView | null>(null);
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Mes disponibilités"
        description="Indiquez les jours où vous pouvez rouler : les transporteurs vous trouvent plus facilement et vos alertes de missions en tiennent compte."
      />
      <div className="mb-4">
        <Legend />
      </div>
      <div className="hidden md:block">
        <MonthCalendar month={month} onMonthChange={setMonth} today={today} onPick={setEditing} />
      </div>
      <div className="md:hidden">
        <WeekList monday={monday} onWeekChange={setMonday} today={today} onPick={setEditing} />
      </div>
      <div className="mt-5 grid gap-5 lg:grid-cols-2">
        <PatternForm today={today} />
        <div className="space-y-5">
          <HolidaysForm today={today} />
          <VisibilityCard />
        </div>
      </div>
      <div className="mt-5">
        <DeclaredDrivingCard today={today} />
      </div>
      <div className="mt-5">
        <IcsCard />
      </div>
      <DayEditor view={editing} onClose={() => setEditing(null)} />
    </div>
  );
}

/** /availability: a driver's calendar; for a transporter (or an admin), the search for available drivers. */
export function AvailabilityPage() {
  const { user } = useSession();
  if (!user) return null;
  if (roleOf(user) === 'driver') return <DriverAvailability />;
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Trouver des chauffeurs disponibles"
        description="Les chauffeurs qui se sont déclarés disponibles un jour donné, près de chez vous et avec le bon permis."
      />
      <DriverSearch />
    </div>
  );
}
