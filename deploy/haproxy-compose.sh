#!/bin/sh
# HAProxy for deploy/compose.yaml: fills in deploy/haproxy.cfg (the template `npm run cluster`
# uses too) and runs HAProxy on it. Clients connect on :$HAPROXY_PORT; the app's replicas are
# found through Docker's DNS under the service name $APP_HOST, re-resolved every few seconds, so
# a container started again (a new address) or added (`--scale app=5`, up to $APP_SLOTS) is
# picked up. Comment lines of the template, which name the placeholders, are left alone.
#   haproxy-compose.sh [template]           render and exec haproxy
#   haproxy-compose.sh render [template]    print the rendered configuration (tests, debugging)
set -eu

mode=run
if [ "${1:-}" = render ]; then
  mode=render
  shift
fi
template=${1:-/usr/local/etc/haproxy/haproxy.cfg.template}

HAPROXY_BIND=":${HAPROXY_PORT:-8080}"
HAPROXY_STATS=""
HAPROXY_RESOLVERS="resolvers docker
    nameserver dns ${DNS_SERVER:-127.0.0.11:53}
    hold valid 5s
    accepted_payload_size 8192"
HAPROXY_SERVERS="    server-template app 1-${APP_SLOTS:-10} ${APP_HOST:-app}:${APP_PORT:-8080} check resolvers docker resolve-prefer ipv4 init-addr none
    server-template spare 1-${APP_SLOTS:-10} ${APP_HOST:-app}:${APP_PORT:-8080} backup resolvers docker resolve-prefer ipv4 init-addr none"
export HAPROXY_BIND HAPROXY_STATS HAPROXY_RESOLVERS HAPROXY_SERVERS

render() {
  awk '
    function fill(line, name, value,    at) {
      while ((at = index(line, "{{" name "}}")) > 0) line = substr(line, 1, at - 1) value substr(line, at + length(name) + 4)
      return line
    }
    /^[ \t]*#/ { print; next }
    {
      line = fill($0, "BIND", ENVIRON["HAPROXY_BIND"])
      line = fill(line, "STATS", ENVIRON["HAPROXY_STATS"])
      line = fill(line, "RESOLVERS", ENVIRON["HAPROXY_RESOLVERS"])
      print fill(line, "SERVERS", ENVIRON["HAPROXY_SERVERS"])
    }
  ' "$template"
}

if [ "$mode" = render ]; then
  render
  exit 0
fi
render > /tmp/haproxy.cfg
exec haproxy -W -db -f /tmp/haproxy.cfg
