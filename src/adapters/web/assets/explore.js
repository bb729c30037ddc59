// The explore page: the public notes in view, loaded from the API as the map moves, clustered when many share
// the view. Moving the map waits for it to rest (debounced) and keeps one request in flight; a move during a
// request loads again once it ends. Without JavaScript the page lists the newest notes (or the search's) as text.
(function () {
  'use strict';
  var element = document.getElementById('map');
  if (!element || typeof L === 'undefined') return;
  var status = document.getElementById('map-status');
  var form = document.getElementById('search');
  var queryInput = document.getElementById('q');
  var nearButton = document.getElementById('near-me');
  var PAGE = 100;
  var DEBOUNCE_MS = 300;

  var map = L.map(element, { worldCopyJump: true });
  L.tileLayer(element.dataset.tiles, { maxZoom: 19, attribution: element.dataset.attribution }).addTo(map);
  var clusters = L.markerClusterGroup({ showCoverageOnHover: false, maxClusterRadius: 50 });
  map.addLayer(clusters);
  var markers = new Map();
  var timer = null;
  var inFlight = false;
  var again = false;

  function say(text) {
    if (status) status.textContent = text;
  }

  function summary(properties) {
    var box = document.createElement('div');
    var title = document.createElement('a');
    title.className = 'popup-title';
    title.href = properties.link;
    title.textContent = properties.title;
    box.appendChild(title);
    var by = document.createElement('div');
    by.textContent = 'by ' + properties.author.username + (properties.displayAddress ? ' · ' + properties.displayAddress : '');
    box.appendChild(by);
    return box;
  }

  function show(features) {
    var keep = new Set();
    features.forEach(function (feature) {
      keep.add(feature.id);
      if (markers.has(feature.id)) return;
      var coordinates = feature.geometry.coordinates;
      var icon = L.divIcon({ className: 'pn-marker', iconSize: [18, 18], iconAnchor: [9, 9] });
      var marker = L.marker([coordinates[1], coordinates[0]], { icon: icon, title: feature.properties.title, alt: feature.properties.title });
      marker.noteId = feature.id;
      marker.on('add', function () {
        var el = marker.getElement();
        if (el) el.dataset.noteId = String(feature.id);
      });
      marker.bindPopup(summary(feature.properties));
      markers.set(feature.id, marker);
      clusters.addLayer(marker);
    });
    markers.forEach(function (marker, id) {
      if (keep.has(id)) return;
      clusters.removeLayer(marker);
      markers.delete(id);
    });
  }

  // The API's bbox: minLon,minLat,maxLon,maxLat; a view across the antimeridian wraps to minLon > maxLon.
  function bboxOf(bounds) {
    var clamp = function (v, lo, hi) { return Math.max(lo, Math.min(hi, v)); };
    var wrap = function (v) { return ((v + 180) % 360 + 360) % 360 - 180; };
    var west = bounds.getWest();
    var east = bounds.getEast();
    if (east - west >= 360) { west = -180; east = 180; } else { west = wrap(west); east = wrap(east); }
    return [west, clamp(bounds.getSouth(), -90, 90), east, clamp(bounds.getNorth(), -90, 90)].map(function (v) { return v.toFixed(5); }).join(',');
  }

  function load() {
    if (inFlight) { again = true; return; }
    inFlight = true;
    again = false;
    var params = new URLSearchParams({ bbox: bboxOf(map.getBounds()), format: 'geojson', limit: String(PAGE) });
    var q = queryInput ? queryInput.value.trim() : '';
    if (q !== '') params.set('q', q);
    element.dataset.loading = 'true';
    fetch('/v2/notes?' + params.toString(), { headers: { accept: 'application/geo+json' } })
      .then(function (response) {
        if (!response.ok) throw new Error('status ' + response.status);
        return response.json();
      })
      .then(function (collection) {
        show(collection.features);
        var total = collection.meta.count;
        say(total === 0 ? 'No notes here.' : total > collection.features.length
          ? 'Showing the ' + collection.features.length + ' newest of ' + total + ' notes in view.'
          : total + (total === 1 ? ' note' : ' notes') + ' in view.');
      })
      .catch(function () { say('The notes could not be loaded. Move the map to try again.'); })
      .finally(function () {
        inFlight = false;
        element.dataset.loading = 'false';
        element.dataset.loads = String(Number(element.dataset.loads || '0') + 1);
        if (again) load();
      });
  }

  function schedule() {
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(function () { timer = null; load(); }, DEBOUNCE_MS);
  }

  map.on('moveend', schedule);
  if (form) {
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      var url = new URL(window.location.href);
      var q = queryInput ? queryInput.value.trim() : '';
      if (q === '') url.searchParams.delete('q'); else url.searchParams.set('q', q);
      history.replaceState(null, '', url.pathname + url.search);
      load();
    });
  }
  if (nearButton && 'geolocation' in navigator) {
    nearButton.hidden = false;
    nearButton.addEventListener('click', function () {
      say('Finding where you are…');
      navigator.geolocation.getCurrentPosition(function (position) {
        map.setView([position.coords.latitude, position.coords.longitude], 14);
      }, function () { say('Your position is not available.'); }, { timeout: 10000 });
    });
  }
  var start = element.dataset.view ? element.dataset.view.split(',').map(Number) : [20, 0, 2];
  map.setView([start[0], start[1]], start[2]);
  window.placeNotesMap = map;
})();
