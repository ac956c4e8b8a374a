import { Route } from 'react-router';
import { AboutPage } from './about/about-page';
import { ContactPage } from './contact/contact-page';
import { EventsPage } from './events/events-page';
import { HomePage } from './home/home-page';
import { PublicLayout } from './layout/public-layout';
import { MediaPage } from './media/media-page';
import { MerchPage } from './merch/merch-page';

/** The six public pages inside the public chrome; eager, as every visitor needs them to hydrate. */
export function publicRoutes() {
  return (
    <Route element={<PublicLayout />}>
      <Route index element={<HomePage />} />
      <Route path="media" element={<MediaPage />} />
      <Route path="merch" element={<MerchPage />} />
      <Route path="events" element={<EventsPage />} />
      <Route path="about" element={<AboutPage />} />
      <Route path="contact" element={<ContactPage />} />
    </Route>
  );
}
