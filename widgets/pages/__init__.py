"""What a page is beyond one app: the gallery (the landing page), the guided lesson, the
page's link, the progress kept in the browser, and what a Voila kernel does once its
page is built."""
