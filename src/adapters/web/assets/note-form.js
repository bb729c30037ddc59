// The new-note form: clicking the map puts the position in the latitude and longitude fields (which work
// without JavaScript too), and typing them moves the marker.
(function () {
  'use strict';
  var element = document.getElementById('map');
  var latitude = document.getElementById('latitude');
  var longitude = document.getElementById('longitude');
  if (!element || !latitude || !longitude || typeof L === 'undefined') return;
  var map = L.map(element);
  L.tileLayer(element.dataset.tiles, { maxZoom: 19, attribution: element.dataset.attribution }).addTo(map);
  var icon = L.divIcon({ className: 'pn-marker', iconSize: [18, 18], iconAnchor: [9, 9] });
  var marker = null;

  function place(lat, lng) {
    if (marker === null) marker = L.marker([lat, lng], { icon: icon, title: 'The note’s position', alt: 'The note’s position' }).addTo(map);
    else marker.setLatLng([lat, lng]);
  }

  map.on('click', function (event) {
    var lat = event.latlng.lat;
    var lng = event.latlng.wrap().lng;
    latitude.value = lat.toFixed(6);
    longitude.value = lng.toFixed(6);
    place(lat, lng);
  });

  function fromFields() {
    var lat = Number(latitude.value);
    var lng = Number(longitude.value);
    if (latitude.value === '' || longitude.value === '' || !isFinite(lat) || !isFinite(lng)) return false;
    place(lat, lng);
    return true;
  }
  latitude.addEventListener('change', fromFields);
  longitude.addEventListener('change', fromFields);
  if (fromFields()) map.setView([Number(latitude.value), Number(longitude.value)], 15);
  else map.setView([20, 0], 2);
  // The map, for scripts that drive it (the browser tests), as explore.js offers its own.
  window.placeNotesMap = map;
  element.dataset.ready = 'true';
})();
