extension EmbeddedCatalog {
    /// Words the invented titles are made of. Changing them changes the catalog.
    enum Vocabulary {
        static let genres = [
            "Drama", "Comedy", "Thriller", "Documentary", "Science Fiction", "Animation",
            "Horror", "Romance", "Western", "Mystery", "Adventure", "Fantasy", "Crime",
            "Family", "Musical", "Short", "Film Noir", "Comédie",
        ]

        static let adjectives = [
            "Silent", "Broken", "Golden", "Last", "Hidden", "Midnight", "Crimson", "Distant",
            "Forgotten", "Electric", "Hollow", "Burning", "Endless", "Frozen", "Savage", "Quiet",
            "Wild", "Lonely", "Secret", "Iron", "Velvet", "Paper", "Glass", "Northern", "Lost",
            "Little", "Bright", "Restless", "Sleeping", "Wandering", "Curious", "Fragile",
        ]

        static let nouns = [
            "River", "Empire", "Garden", "Harbor", "Signal", "Winter", "Kingdom", "Horizon",
            "Mirror", "Orchard", "Frontier", "Lighthouse", "Machine", "Witness", "Station",
            "Voyage", "Promise", "Shadow", "Summer", "Bridge", "Circus", "Archive", "Comet",
            "Engine", "Island", "Letter", "Orchestra", "Detective", "Carousel", "Satellite",
            "Tide", "Ballad", "Café", "Château", "Fiancée", "Piñata", "Façade",
        ]

        static let places = [
            "Lisbon", "Kyoto", "Montréal", "Zürich", "São Paulo", "Reykjavík", "Córdoba",
            "Marrakesh", "Kraków", "Tromsø", "Nice", "Oaxaca", "Malmö", "Curaçao", "Bogotá",
            "Osaka", "Tbilisi", "Nairobi", "Valparaíso", "Ljubljana", "Hanoi", "Antwerp",
        ]

        static let people = [
            "Amélie", "Søren", "José", "Zoë", "Björn", "Noémie", "Ramón", "Chloé", "Jürgen",
            "Inés", "Mateo", "Hana", "Kenji", "Ada", "Otto", "Margaux", "Åsa", "Dvořák",
            "Łukasz", "Yusuf", "Priya", "Wanjiru",
        ]

        static let sequels = ["II", "III", "IV", "Returns", "Reloaded", "2: The Sequel"]

        static let eastAsian = [
            "東京の夜", "静かな海", "星の旅人", "青い鳥の歌", "風の記憶", "千年の夢",
            "雪国の手紙", "月光の街", "夏の終わりに", "龍の道", "江湖夜雨", "바다의 노래",
            "さよなら、ロボット", "ラーメン探偵", "花火と少年",
        ]

        static let emoji = ["🎬", "🚀", "👩‍🚀", "🌊", "🎭", "🐉", "🌙", "🍿", "⭐"]
    }
}
