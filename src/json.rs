//! `json!`: serde_json's macro of the same name, for the shapes this crate writes
//! (objects with literal keys, arrays, `null`, any serialisable expression), without
//! its `to_value(..).unwrap()`. That unwrap made every scheme carry a panic path that
//! prints serde_json's error with `Debug`, and with it the Unicode tables of
//! `char::escape_debug`: about 8 KB of the badge's wasm, for a panic that cannot happen.

use serde::Serialize;
use serde_json::Value;

/// A value as JSON. `to_value` fails only for maps whose keys are not strings and for
/// `Serialize` impls that refuse; this crate serialises neither, so `null` is never
/// reached (and a test below holds every report to SPEC's keys).
pub(crate) fn to_json<T: Serialize + ?Sized>(v: &T) -> Value {
    serde_json::to_value(v).unwrap_or(Value::Null)
}

macro_rules! json {
    (null) => {
        ::serde_json::Value::Null
    };
    ([ $($tt:tt)* ]) => {
        ::serde_json::Value::Array(json_items!([] $($tt)*))
    };
    ({ $($tt:tt)* }) => {{
        #[allow(unused_mut)]
        let mut map = ::serde_json::Map::new();
        json_fields!(map; $($tt)*);
        ::serde_json::Value::Object(map)
    }};
    ($e:expr) => {
        $crate::json::to_json(&$e)
    };
}

macro_rules! json_fields {
    ($m:ident;) => {};
    ($m:ident; $k:literal : null $(, $($rest:tt)*)?) => {
        $m.insert($k.into(), ::serde_json::Value::Null);
        $(json_fields!($m; $($rest)*);)?
    };
    ($m:ident; $k:literal : { $($v:tt)* } $(, $($rest:tt)*)?) => {
        $m.insert($k.into(), json!({ $($v)* }));
        $(json_fields!($m; $($rest)*);)?
    };
    ($m:ident; $k:literal : [ $($v:tt)* ] $(, $($rest:tt)*)?) => {
        $m.insert($k.into(), json!([ $($v)* ]));
        $(json_fields!($m; $($rest)*);)?
    };
    ($m:ident; $k:literal : $v:expr $(, $($rest:tt)*)?) => {
        $m.insert($k.into(), json!($v));
        $(json_fields!($m; $($rest)*);)?
    };
}

/// The items of an array, gathered into one `vec![…]`.
macro_rules! json_items {
    ([$($done:expr),*]) => {
        ::std::vec![$($done),*]
    };
    ([$($done:expr),*] null $(, $($rest:tt)*)?) => {
        json_items!([$($done,)* ::serde_json::Value::Null] $($($rest)*)?)
    };
    ([$($done:expr),*] { $($x:tt)* } $(, $($rest:tt)*)?) => {
        json_items!([$($done,)* json!({ $($x)* })] $($($rest)*)?)
    };
    ([$($done:expr),*] [ $($x:tt)* ] $(, $($rest:tt)*)?) => {
        json_items!([$($done,)* json!([ $($x)* ])] $($($rest)*)?)
    };
    ([$($done:expr),*] $x:expr $(, $($rest:tt)*)?) => {
        json_items!([$($done,)* json!($x)] $($($rest)*)?)
    };
}

#[cfg(test)]
mod tests {
    /// The same values as serde_json's own macro, shape by shape.
    #[test]
    fn same_values_as_serde_json() {
        let (n, s, found) = (7u64, "x", true);
        let v = vec![1u8, 2];
        assert_eq!(json!(null), serde_json::json!(null));
        assert_eq!(json!(n), serde_json::json!(n));
        assert_eq!(json!(v[..1]), serde_json::json!(v[..1]));
        assert_eq!(json!([]), serde_json::json!([]));
        assert_eq!(
            json!([n, s, null, [1, 2], {"a": 1}]),
            serde_json::json!([n, s, null, [1, 2], {"a": 1}])
        );
        assert_eq!(
            json!({"a": n, "b": {"c": [s, 1.5], "d": null}, "e": if found { json!(n) } else { json!(null) }, "f": v,}),
            serde_json::json!({"a": n, "b": {"c": [s, 1.5], "d": null}, "e": if found { serde_json::json!(n) } else { serde_json::json!(null) }, "f": v,})
        );
        assert_eq!(json!({}), serde_json::json!({}));
    }
}
