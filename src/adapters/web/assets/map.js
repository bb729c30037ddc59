// The map of a page that shows notes: one marker per note the page lists, fitted to them.
// The notes come from the page itself (the JSON in #map-notes); without JavaScript the page lists them as text.
(function () {
  'use strict';
  var element = document.getElementById('map');
  var data = document.getElementById('map-notes');
  if (!element || !data || typeof L === 'undefined') return;
  var notes = JSON.parse(data.textContent || '[]');
  var map = L.map(element, { scrollWheelZoom: false });
  L.tileLayer(element.dataset.tiles, { maxZoom: 19, attribution: element.dataset.attribution }).addTo(map);
  var points = notes.map(function (note) { return [note.lat, note.lng]; });
  // The view first: Leaflet adds a marker (and makes its element) only once the map has one.
  if (points.length === 0) map.setView([20, 0], 2);
  else if (points.length === 1) map.setView(points[0], 15);
  else map.fitBounds(points, { padding: [24, 24], maxZoom: 16 });
  notes.forEach(function (note) {
    var icon = L.divIcon({ className: 'pn-marker', iconSize: [18, 18], iconAnchor: [9, 9] });
    var marker = L.marker([note.lat, note.lng], { icon: icon, title: note.title, alt: note.title, keyboard: true }).addTo(map);
    var el = marker.getElement();
    if (el) el.dataset.noteId = String(note.id);
    if (note.url && notes.length > 1) {
      var link = document.createElement('a');
      link.href = note.url;
      link.textContent = note.title;
      marker.bindPopup(link);
    }
  });
  // The map, for scripts that drive it (the browser tests), as explore.js offers its own.
  window.placeNotesMap = map;
  element.dataset.ready = 'true';
})();
