//! The PROXY protocol (version 1, the text form HAProxy's `send-proxy` writes):
//! behind a load balancer every connection comes from the balancer, so the
//! per-address caps would count the proxy, not the players. A trusted proxy
//! (`--trusted-proxy`) starts each connection with one line naming the real
//! client, `PROXY TCP4 <client> <server> <client port> <server port>\r\n`;
//! the server reads it before HTTP and admits the connection under the
//! client's address. Nobody else may send the line: from an address that is
//! not a trusted proxy the bytes are HTTP and the header is never looked for.
//!
//! Chosen over `X-Forwarded-For` because it works below HTTP: the connection
//! caps are applied when a connection is accepted, before any header is read,
//! and a websocket's whole life is one connection.

use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

use tokio::io::AsyncReadExt;
use tokio::net::TcpStream;

/// The longest v1 header, `\r\n` included (the specification's figure).
pub const MAX_HEADER: usize = 107;

/// Why a trusted proxy's connection could not be read.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ProxyError {
    #[error("the proxy sent no PROXY header in time")]
    Timeout,
    #[error("the proxy's connection closed before its PROXY header ended")]
    Closed,
    #[error("the proxy's PROXY header is malformed: {0}")]
    Malformed(String),
}

/// Parses one v1 header line (without its `\r\n`): the client's address, or
/// `None` for `PROXY UNKNOWN` (a health check: the proxy's own address stands).
///
/// # Errors
/// [`ProxyError::Malformed`] naming what is wrong.
pub fn parse_v1(line: &str) -> Result<Option<SocketAddr>, ProxyError> {
    let bad = |why: &str| ProxyError::Malformed(why.to_string());
    let mut parts = line.split(' ');
    if parts.next() != Some("PROXY") {
        return Err(bad("it does not start with PROXY"));
    }
    let family = parts.next().ok_or_else(|| bad("no protocol family"))?;
    if family == "UNKNOWN" {
        return Ok(None);
    }
    let fields: Vec<&str> = parts.collect();
    let [source, _dest, port, _dest_port] = fields.as_slice() else {
        return Err(bad("it needs four fields after the family"));
    };
    let ip: IpAddr = source.parse().map_err(|_| bad("the source address"))?;
    let port: u16 = port.parse().map_err(|_| bad("the source port"))?;
    match (family, ip) {
        ("TCP4", IpAddr::V4(_)) | ("TCP6", IpAddr::V6(_)) => Ok(Some(SocketAddr::new(ip, port))),
        _ => Err(bad("the family does not match the address")),
    }
}

/// Reads the PROXY header a trusted proxy starts `tcp` with, byte by byte so
/// nothing of the HTTP request after it is consumed.
///
/// # Errors
/// [`ProxyError`] when the header is late, cut off or malformed.
pub async fn read_header(tcp: &mut TcpStream, within: Duration) -> Result<Option<SocketAddr>, ProxyError> {
    let read = async {
        let mut line = Vec::with_capacity(MAX_HEADER);
        loop {
            let byte = tcp.read_u8().await.map_err(|_| ProxyError::Closed)?;
            line.push(byte);
            if line.ends_with(b"\r\n") {
                line.truncate(line.len() - 2);
                let text =
                    std::str::from_utf8(&line).map_err(|_| ProxyError::Malformed("not text".into()))?;
                return parse_v1(text);
            }
            if line.len() >= MAX_HEADER {
                return Err(ProxyError::Malformed("longer than 107 bytes".into()));
            }
        }
    };
    tokio::time::timeout(within, read).await.map_err(|_| ProxyError::Timeout)?
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_client_of_tcp4_and_tcp6_lines() {
        let v4 = parse_v1("PROXY TCP4 203.0.113.7 10.0.0.2 51234 443").unwrap();
        assert_eq!(v4, Some("203.0.113.7:51234".parse().unwrap()));
        let v6 = parse_v1("PROXY TCP6 2001:db8::1 2001:db8::2 4000 443").unwrap();
        assert_eq!(v6, Some("[2001:db8::1]:4000".parse().unwrap()));
        assert_eq!(parse_v1("PROXY UNKNOWN").unwrap(), None, "a health check keeps the proxy's address");
    }

    #[test]
    fn refuses_anything_else() {
        for line in [
            "GET / HTTP/1.1",
            "PROXY TCP4 203.0.113.7 10.0.0.2 51234",
            "PROXY TCP4 2001:db8::1 10.0.0.2 1 2",
            "PROXY TCP4 nonsense 10.0.0.2 1 2",
            "PROXY TCP4 203.0.113.7 10.0.0.2 99999 443",
            "PROXY",
        ] {
            assert!(matches!(parse_v1(line), Err(ProxyError::Malformed(_))), "{line}");
        }
    }
}
