import { routeByName } from '@linkup/contract';
import { LocationPicker } from '@/features/preferences/components/location-picker';
import { PreferencesCompletionCard } from '@/features/preferences/components/completion-card';
import { PreferencesForm } from '@/features/preferences/components/preferences-form';
import { PageHeader } from '@/components/page-header';

/** /app/preferences — who I want to meet, and where I am. */
export function PreferencesRoute() {
  return (
    <section className="prefs-page">
      <PageHeader title={routeByName('app.preferences').title} subtitle="Tell us who you would like to meet." />
      <PreferencesCompletionCard />
      <section className="prefs-card" aria-labelledby="prefs-location-title">
        <h2 id="prefs-location-title" className="prefs-card-title">Where you are</h2>
        <LocationPicker />
      </section>
      <section className="prefs-card" aria-labelledby="prefs-who-title">
        <h2 id="prefs-who-title" className="prefs-card-title">Who you are looking for</h2>
        <PreferencesForm />
      </section>
    </section>
  );
}
